/**
 * The page's CSP `<meta>` tag at build time: `src-renderer/index.html` holds the production
 * policy ({@link META_CONTENT_SECURITY_POLICY}); a Vite dev server (browser or desktop) serves
 * it widened to its own HMR websocket and injected styles only.
 */
import type { Plugin } from 'vite';
import { META_CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from './csp';

const META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/;

/** The policy a page's `<meta>` tag holds, or null when it has none. */
export function metaPolicy(html: string): string | null {
  return META.exec(html)?.[2] ?? null;
}

/** Replaces the policy of the page's `<meta>` tag. */
export function withMetaPolicy(html: string, policy: string): string {
  if (!META.test(html)) throw new Error('index.html has no Content-Security-Policy <meta> tag');
  return html.replace(META, (_m, a: string, _p: string, c: string) => `${a}${policy}${c}`);
}

/** Vite plugin: the production policy in builds, the dev policy of this server's origin when serving. */
export function cspMetaPlugin(): Plugin {
  return {
    name: 'instant-lab-csp-meta',
    transformIndexHtml(html, ctx) {
      if (!ctx.server) return withMetaPolicy(html, META_CONTENT_SECURITY_POLICY);
      // the address the server really listens on (known once it serves a page), else its configuration
      const local = ctx.server.resolvedUrls?.local[0];
      const { host, port } = ctx.server.config.server;
      const origin = local
        ? new URL(local).origin
        : `http://${typeof host === 'string' ? host : 'localhost'}:${port ?? 5173}`;
      return withMetaPolicy(html, devContentSecurityPolicy(origin, META_CONTENT_SECURITY_POLICY));
    },
  };
}
