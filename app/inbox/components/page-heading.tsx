import { type ReactNode, useEffect, useRef } from 'react';
import { TEXTS } from '../texts';

/**
 * The page's one h1, which takes focus when the page appears (a route change,
 * signing in or out, or a new `focusKey`: another page of a list), so that a screen reader announces the new page and the
 * next Tab starts in it; the document's title names the page too.
 */
export function PageHeading({
  title,
  focusKey,
  describedBy,
  children,
}: {
  title: string;
  focusKey?: string;
  /** The id of what a screen reader says after the heading's name when it takes focus. */
  describedBy?: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = TEXTS.title(title);
  }, [title]);
  useEffect(() => {
    heading.current?.focus();
  }, [focusKey]);
  return (
    <h1
      ref={heading}
      tabIndex={-1}
      aria-describedby={describedBy}
      className="text-2xl font-bold tracking-tight text-ink md:text-3xl focus:outline-none focus-visible:outline-solid"
    >
      {children ?? title}
    </h1>
  );
}
