import { useCallback, useEffect, useState } from 'react';

interface Loaded<T> {
  /** The load this answer belongs to: an answer to an earlier one is not shown as the current one's. */
  readonly for: unknown;
  readonly data?: T;
  readonly error?: Error;
}

/**
 * What `load` (memoised by the caller: a new function is a new load) gives,
 * with whether it is still on its way; `retry` runs it again, `replace` puts
 * an answer in its place (a change that answered with the new state).
 */
export function useLoad<T>(load: () => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ for: null });
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setLoaded({ for: load, data }),
      (error: unknown) => current && setLoaded({ for: load, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const isCurrent = loaded.for === load;
  return {
    data: isCurrent ? loaded.data : undefined,
    error: isCurrent ? loaded.error : undefined,
    loading: !isCurrent,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    replace: useCallback((data: T) => setLoaded({ for: load, data }), [load]),
  };
}
