/**
 * Charts draw one at a time, each in a task of its own: a screen that shows four charts at once
 * would otherwise block the UI thread past 50 ms (the standard) in a single task.
 */
let queue: Promise<void> = Promise.resolve();

/** Runs `draw` in a later task, after every chart drawing queued before it. */
export function scheduleDraw(draw: () => void): void {
  queue = queue.then(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          try {
            draw();
          } finally {
            resolve();
          }
        }, 0),
      ),
  );
}

/** Resolves once every chart queued so far has drawn. */
export function whenChartsDrawn(): Promise<void> {
  return queue;
}
