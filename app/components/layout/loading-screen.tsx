import { useEffect, useState } from 'react';
import { LOADING_COMPLETION_DELAY_MS, LOADING_TICK_MS } from '../../config/timings';
import { BRAND } from '../../content/brand';
import { LOADING_COMPLETE, loadingLabel, nextLoadingProgress } from '../../lib/loading-progress';

/**
 * The start-up screen (spec section 4): progress rises every tick by a random
 * step and completion is signalled a fixed delay after it reaches 100.
 */
export function LoadingScreen({ onComplete }: { onComplete: () => void }) {
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const timer =
      progress >= LOADING_COMPLETE
        ? setTimeout(onComplete, LOADING_COMPLETION_DELAY_MS)
        : setTimeout(() => setProgress(nextLoadingProgress(progress)), LOADING_TICK_MS);
    return () => clearTimeout(timer);
  }, [progress, onComplete]);

  return (
    <div
      id="loading-screen"
      className="surface-dark fixed inset-0 z-[300] flex flex-col items-center justify-center gap-6 bg-gradient-to-br from-ink to-brand"
    >
      <p className="m-0 text-2xl font-bold tracking-tight">{BRAND.name}</p>
      <div
        role="progressbar"
        aria-label="Loading"
        aria-valuemin={0}
        aria-valuemax={LOADING_COMPLETE}
        aria-valuenow={progress}
        className="h-2 w-64 max-w-[80vw] overflow-hidden rounded-full bg-paper/20"
      >
        <div className="h-full rounded-full bg-accent transition-[width] duration-100" style={{ width: `${progress}%` }} />
      </div>
      {/* A fixed-width box, left-aligned: the growing percentage never moves the label (no layout shift). */}
      <p className="m-0 w-36 text-left tabular-nums text-paper/90" data-testid="loading-label">
        {loadingLabel(progress)}
      </p>
    </div>
  );
}
