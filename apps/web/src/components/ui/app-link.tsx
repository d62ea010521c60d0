import { createContext, useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path inside the app, e.g. `/login`. */
  to: string;
  children?: ReactNode;
}

export type RenderLink = (props: AppLinkProps) => ReactNode;

const renderPlainLink: RenderLink = ({ to, children, ...rest }) => (
  <a href={to} {...rest}>
    {children}
  </a>
);

const RenderLinkContext = createContext<RenderLink>(renderPlainLink);

/**
 * Supplies how every `AppLink` renders. The router app passes a function that renders
 * react-router's `Link`; without a provider (the landing page's own bootstrap) links are plain
 * `<a href>` and a click is a full navigation, which keeps the router out of that bundle.
 */
export const AppLinkProvider = RenderLinkContext.Provider;

/** An in-app link that works with or without the router. */
export function AppLink(props: AppLinkProps) {
  return useContext(RenderLinkContext)(props);
}
