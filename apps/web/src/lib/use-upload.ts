import { useCallback, useEffect, useRef, useState } from 'react';
import type { Media } from '@app/domain';
import { compressImage, uploadFile } from './upload';

export type UploadStatus = 'compressing' | 'uploading' | 'done' | 'error';

export interface UploadItem {
  id: string;
  file: File;
  status: UploadStatus;
  progress: number;
  media?: Media;
  /** An object URL of the chosen file for a thumbnail; revoked when the item goes. */
  previewUrl?: string;
}

function previewOf(file: File): string | undefined {
  // jsdom has no object URLs; a missing thumbnail only hides the picture.
  return file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
    ? URL.createObjectURL(file)
    : undefined;
}

function revokePreview(item: UploadItem | undefined) {
  if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
}

let nextId = 0;

/** Compresses and uploads files one request each, tracking progress; failed items can be retried. */
export function useUpload() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const run = useCallback(
    async (id: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(id, controller);
      update(id, { status: 'compressing', progress: 0 });
      try {
        const prepared = await compressImage(file, {
          signal: controller.signal,
          onProgress: (progress) => update(id, { progress }),
        });
        update(id, { status: 'uploading', progress: 0 });
        const media = await uploadFile(prepared, {
          signal: controller.signal,
          onProgress: (progress) => update(id, { progress }),
        });
        update(id, { status: 'done', progress: 100, media });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Upload failed', error);
        update(id, { status: 'error' });
      } finally {
        controllers.current.delete(id);
      }
    },
    [update],
  );

  const addFiles = useCallback(
    (files: Iterable<File>) => {
      const added = Array.from(files, (file) => {
        nextId += 1;
        const item: UploadItem = { id: `upload-${nextId}`, file, status: 'compressing', progress: 0 };
        const previewUrl = previewOf(file);
        if (previewUrl) item.previewUrl = previewUrl;
        return item;
      });
      setItems((current) => [...current, ...added]);
      for (const item of added) void run(item.id, item.file);
    },
    [run],
  );

  const retry = useCallback(
    (id: string) => {
      const item = items.find((candidate) => candidate.id === id);
      if (item) void run(item.id, item.file);
    },
    [items, run],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setItems((current) => {
      revokePreview(current.find((item) => item.id === id));
      return current.filter((item) => item.id !== id);
    });
  }, []);

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  useEffect(() => {
    const active = controllers.current;
    const latest = itemsRef;
    return () => {
      for (const controller of active.values()) controller.abort();
      for (const item of latest.current) revokePreview(item);
    };
  }, []);

  const uploaded = items.flatMap((item) => (item.media ? [item.media] : []));
  const isUploading = items.some((item) => item.status === 'compressing' || item.status === 'uploading');

  return { items, uploaded, isUploading, addFiles, retry, remove };
}

export type UploadState = ReturnType<typeof useUpload>;
