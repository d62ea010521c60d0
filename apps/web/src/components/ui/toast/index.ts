export { ToastProvider, TOAST_DURATION_MS } from './toast-provider';
export { useToast, type ToastApi } from './toast-context';
