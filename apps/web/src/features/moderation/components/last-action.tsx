import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Button } from '../../../components/ui/button';
import { readingTimeMs, useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useFormat, useT } from '../../../lib/i18n';
import { useUndoModeration } from '../api/moderation-api';

/** The moderator's last hide, restore or remove, while it may still be undone. */
export interface LastAction {
  actionId: string;
  /** "Post hidden": what the server said it did. */
  message: string;
  title: string;
  undoUntil: string;
}

const LastActionContext = createContext<(action: LastAction) => void>(() => undefined);

/** Tells the page's undo bar of an action just taken. */
export function useRecordLastAction() {
  return useContext(LastActionContext);
}

/**
 * The moderation page's undo bar (issue 39): the last action stays undoable for its window, wherever
 * the post went (a hidden post leaves the Reported list at once), and says when its author will be
 * told. It sits at the foot of the window, so it is in reach after scrolling; while it shows, the
 * page's scroll padding keeps a focused control clear of it (WCAG 2.4.11).
 */
export function LastActionBar({ children }: { children: ReactNode }) {
  const [last, setLast] = useState<LastAction | null>(null);
  const [undoneMessage, setUndoneMessage] = useState<string | null>(null);
  const undo = useUndoModeration();
  const toast = useToast();
  const { dateTime } = useFormat();
  const { t } = useT('admin');
  const barRef = useRef<HTMLDivElement>(null);
  const shown = last !== null || undoneMessage !== null;

  useLayoutEffect(() => {
    const bar = barRef.current;
    const root = document.documentElement;
    if (!shown || !bar) return;
    const reserve = () => {
      root.style.scrollPaddingBottom = `${Math.ceil(bar.getBoundingClientRect().height) + 24}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null;
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [shown]);

  // The bar leaves once the window is over: the author has been told by then.
  useEffect(() => {
    if (!last) return;
    const left = new Date(last.undoUntil).getTime() - Date.now();
    const timer = window.setTimeout(() => setLast(null), Math.max(left, 0));
    return () => window.clearTimeout(timer);
  }, [last]);

  // "Undone" is news, like a toast: it goes after a toast's reading time.
  useEffect(() => {
    if (!undoneMessage) return;
    const timer = window.setTimeout(() => setUndoneMessage(null), readingTimeMs(undoneMessage));
    return () => window.clearTimeout(timer);
  }, [undoneMessage]);

  const record = (action: LastAction) => {
    setUndoneMessage(null);
    setLast(action);
  };

  const onUndo = async () => {
    if (!last) return;
    try {
      const answer = await undo.mutateAsync({ actionId: last.actionId });
      setLast(null);
      setUndoneMessage(answer.message);
    } catch (failure) {
      toast.showError(isApiError(failure) ? failure.message : undefined);
      setLast(null);
    }
  };

  return (
    <LastActionContext value={record}>
      {children}
      <div className="moderation__last-action" role="status" aria-live="polite">
        {shown ? (
          <div className="moderation__last-action-bar" ref={barRef}>
            {last ? (
              <>
                <p>
                  <strong>{last.message}</strong>
                  {': '}
                  {t('lastActionTold', { title: last.title, time: dateTime(last.undoUntil) })}
                </p>
                <Button
                  variant="secondary"
                  loading={undo.isPending}
                  onClick={() => void onUndo()}
                  aria-label={t('undoTitle', { title: last.title })}
                >
                  {t('undo')}
                </Button>
              </>
            ) : (
              <p>{undoneMessage}</p>
            )}
          </div>
        ) : null}
      </div>
    </LastActionContext>
  );
}
