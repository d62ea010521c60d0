import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import './typewriter.css';

export interface TypewriterProps {
  /** Phrases typed in turn; a single phrase is typed once and then stays. */
  phrases: readonly string[];
  /** Milliseconds per character, typing and deleting. */
  speedMs: number;
  /** How long a complete phrase stays before it is deleted. */
  pauseMs?: number;
  className?: string;
  /** Holds the animation where it is (the page's pause control, WCAG 2.2.2). */
  paused?: boolean;
  /** Told once nothing moves any more: after one cycle, or at once with reduced motion. */
  onDone?: () => void;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
}

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * The user's motion preference. The landing page is rendered at build time, where there is none:
 * hydration starts from "motion allowed" like that HTML and then switches, instead of mismatching.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

type Phase = 'typing' | 'pausing' | 'deleting';

/**
 * Types, pauses on and deletes each phrase in turn, once, then keeps the last; `paused` holds it. The moving text is hidden from screen readers;
 * the caller puts the full sentence in the accessible name (e.g. with a `visually-hidden` span).
 * With reduced motion the first phrase is shown whole and nothing moves.
 */
export function Typewriter({
  phrases,
  speedMs,
  pauseMs = 1500,
  className,
  paused = false,
  onDone,
}: TypewriterProps) {
  const reduced = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(0);
  const [phase, setPhase] = useState<Phase>('typing');
  const phrase = phrases[index % phrases.length] ?? '';
  // One cycle, then the last phrase stays (WCAG 2.2.2: motion that starts by itself must stop).
  const finished = index === phrases.length - 1 && length === phrase.length;

  useEffect(() => {
    if (reduced || finished || paused) return;
    const step = (): void => {
      switch (phase) {
        case 'typing':
          if (length < phrase.length) setLength(length + 1);
          else setPhase('pausing');
          return;
        case 'pausing':
          setPhase('deleting');
          return;
        case 'deleting':
          if (length > 0) {
            setLength(length - 1);
          } else {
            setIndex((current) => (current + 1) % phrases.length);
            setPhase('typing');
          }
          return;
      }
    };
    const timer = window.setTimeout(step, phase === 'pausing' ? pauseMs : speedMs);
    return () => window.clearTimeout(timer);
  }, [reduced, finished, paused, phase, length, phrase, phrases.length, pauseMs, speedMs]);

  const moving = !reduced && !finished;
  const reportDone = useEffectEvent(() => onDone?.());
  useEffect(() => {
    if (!moving) reportDone();
  }, [moving]);

  const text = reduced ? phrase : phrase.slice(0, length);
  return (
    <span className={['typewriter', className].filter(Boolean).join(' ')} aria-hidden="true">
      {/* Every phrase, invisible, in the same grid cell as the typed text: the box is as large as
          the longest phrase at any width, so typing never moves what follows (a control below it
          would otherwise jump while someone tries to press it). */}
      <span className="typewriter__stack">
        {phrases.map((p, i) => (
          <span key={i} className="typewriter__room">
            {p}
          </span>
        ))}
        <span className="typewriter__text">
          {text}
          {moving && !paused ? <span className="typewriter__caret" /> : null}
        </span>
      </span>
    </span>
  );
}
