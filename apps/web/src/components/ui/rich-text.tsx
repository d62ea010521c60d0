import { Fragment, type ReactNode } from 'react';

// React elements cannot travel through a catalogue's strings: each element's place is filled with
// a marker that cannot occur in a translation, and the text is cut there. Each language keeps its
// own word order around a link or a bold lead.
const MARK = '\u0001';

/**
 * A translated sentence with elements inside it: `translate` receives a value per element name
 * (pass them on as the message's placeholders), and each placeholder's place gets its element.
 */
export function richText(
  translate: (values: Record<string, string>) => string,
  elements: Record<string, ReactNode>,
): ReactNode[] {
  const markers = Object.fromEntries(Object.keys(elements).map((name) => [name, `${MARK}${name}${MARK}`]));
  return translate(markers)
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? <Fragment key={index}>{elements[part]}</Fragment> : part));
}
