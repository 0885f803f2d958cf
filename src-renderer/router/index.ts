/**
 * Screens by hash route, so the same build works under the desktop `app://` protocol and any web
 * server, and a link can open a unit directly (`#/replay?ref=…`).
 */
import { createRouter, createWebHashHistory } from 'vue-router';

export const router = createRouter({
  history: createWebHashHistory(),
  // Another screen opens at its top (a link « Ouvrir GONG-… dans le rejeu » shows the board, not the
  // previous screen's scroll position); back and forward restore where the user was; a new query on
  // the same screen (the next unit of a block) keeps the place.
  scrollBehavior(to, from, saved) {
    if (saved) return saved;
    return to.path !== from.path ? { top: 0 } : false;
  },
  routes: [
    { path: '/', redirect: '/simulation' },
    { path: '/simulation', name: 'simulation', component: () => import('../views/SimulationView.vue') },
    { path: '/replay', name: 'replay', component: () => import('../views/ReplayView.vue') },
    { path: '/compliance', name: 'compliance', component: () => import('../views/ComplianceView.vue') },
    { path: '/explorer', name: 'explorer', component: () => import('../views/ExplorerView.vue') },
    { path: '/journal', name: 'journal', component: () => import('../views/JournalView.vue') },
  ],
});
