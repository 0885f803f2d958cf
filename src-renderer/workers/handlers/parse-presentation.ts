/**
 * Worker handler: reads a presentation settings file off the page's thread; its size is bounded
 * before anything is parsed (`parsePresentationJson`).
 */
import { parsePresentationJson } from '@engine';
import type { Handler } from '@shared/jobs/protocol';

export const parsePresentation: Handler<'parsePresentation'> = (input) => parsePresentationJson(input.text);
