/**
 * Runs tasks with the same key one after another in this process: checking a
 * code and writing that it was used is a read and a write, and two requests
 * with the same code between them would otherwise both get in.
 */
export type KeyedLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, Promise<unknown>>();
  return function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
