/**
 * Screens by hash route, so the same build works under the desktop `app://` protocol and any web
 * server, and a link can open a unit directly (`#/replay?ref=…`).
 */
import { createRouter, createWebHashHistory } from 'vue-router';

export const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    { path: '/', redirect: '/simulation' },
    { path: '/simulation', name: 'simulation', component: () => import('../views/SimulationView.vue') },
    { path: '/replay', name: 'replay', component: () => import('../views/ReplayView.vue') },
    { path: '/compliance', name: 'compliance', component: () => import('../views/ComplianceView.vue') },
    { path: '/explorer', name: 'explorer', component: () => import('../views/ExplorerView.vue') },
  ],
});
