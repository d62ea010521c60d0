export { ToastProvider, TOAST_DURATION_MS } from './toast-provider';
export { useToast, type ToastApi, type ToastOptions } from './toast-context';
