import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After each search the server answered, focus moves to what it said: the list's heading, "no
 * stores" or the error (issue 14). Keyboard and screen-reader users land on the news instead of
 * staying on the button with nothing said.
 */
export function useAnswerFocus() {
  const answerRef = useRef<HTMLElement>(null);
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (answers > 0) answerRef.current?.focus();
  }, [answers]);
  const answered = useCallback(() => setAnswers((count) => count + 1), []);
  return { answerRef, answered };
}
