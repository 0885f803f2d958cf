/**
 * Before each test file of the screens' folders that share a process: the interface language back
 * to French, the language a fresh process starts in, whatever the file before set.
 */
import { setLocale } from './index';

setLocale('fr');
