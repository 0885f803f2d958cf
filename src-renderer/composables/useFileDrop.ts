/**
 * What a file drop does (components/compliance/FileDrop.vue): files dropped or chosen are sorted by
 * the endings it takes, those refused said in one message (which, and what is taken), the others
 * handed on; a removal hands the focus to the next « Retirer », else to the choose button (WCAG
 * 2.4.3). Kept apart from its template so that it is tested without a browser.
 */
import { computed, nextTick, ref } from 'vue';
import type { Ref } from 'vue';
import type { Lang } from '@engine';
import { acceptedEndings, focusAfterRemove, sortOutFiles } from '../domain/compliance/file-types';

/** The drop's settings, read when used (they are its props), and what it hands on. */
export interface FileDropOptions {
  /** What its data-testids start with: `<testid>-files` is the choose button's input, `<testid>-remove` each « Retirer ». */
  readonly testid: () => string;
  readonly accept: () => string;
  readonly multiple: () => boolean;
  readonly disabled: () => boolean;
  readonly lang: () => Lang;
  readonly t: (key: string, named: Record<string, unknown>, plural: number) => string;
  readonly add: (files: File[]) => void;
  readonly remove: (index: number) => void;
}

export function useFileDrop(root: Ref<ParentNode | null>, o: FileDropOptions) {
  const over = ref(false);
  /** The files of the last drop or choice that were refused (none once a drop or choice refuses none). */
  const refusedNames = ref<readonly string[]>([]);

  const list = (type: 'conjunction' | 'disjunction', items: readonly string[]): string =>
    new Intl.ListFormat(o.lang(), { type }).format(items);
  const quoted = (name: string): string => (o.lang() === 'fr' ? `« ${name} »` : `"${name}"`);
  /** One message for the files refused: their names, and the endings the drop takes. */
  const refused = computed(() => {
    const names = refusedNames.value;
    if (names.length === 0) return null;
    const types = list('disjunction', acceptedEndings(o.accept()) ?? []);
    return o.t('files.refused', { names: list('conjunction', names.map(quoted)), types }, names.length);
  });

  /** Files dropped or chosen: those of an ending taken are handed on (the first alone where one file is taken). */
  function take(given: readonly File[]): void {
    if (o.disabled() || given.length === 0) return;
    const { taken, refused: out } = sortOutFiles(given, o.accept());
    refusedNames.value = out.map((f) => f.name);
    if (taken.length > 0) o.add(o.multiple() ? taken : taken.slice(0, 1));
  }

  function dragOver(): void {
    over.value = !o.disabled();
  }
  function dragLeave(): void {
    over.value = false;
  }
  function drop(ev: Pick<DragEvent, 'dataTransfer'>): void {
    over.value = false;
    take([...(ev.dataTransfer?.files ?? [])]);
  }

  async function remove(i: number): Promise<void> {
    o.remove(i);
    await nextTick();
    const id = o.testid();
    const buttons = root.value?.querySelectorAll<HTMLElement>(`[data-testid="${id}-remove"]`) ?? [];
    const next = focusAfterRemove(i, buttons.length);
    (next === null ? root.value?.querySelector<HTMLElement>(`[data-testid="${id}-files"]`) : buttons[next])?.focus();
  }

  return { over, refused, take, dragOver, dragLeave, drop, remove };
}
