export { ToastProvider, TOAST_DURATION_MS, readingTimeMs } from './toast-provider';
export { useToast, type ToastApi, type ToastOptions } from './toast-context';
