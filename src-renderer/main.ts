/**
 * The renderer's entry: Vue app, Pinia, vue-i18n (French by default), router.
 */
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { i18n } from './i18n';
import { router } from './router';
import { keepEarlyLinks } from './router/early-links';
import './styles/base.css';

void keepEarlyLinks(router, window);
createApp(App).use(createPinia()).use(i18n).use(router).mount('#app');
