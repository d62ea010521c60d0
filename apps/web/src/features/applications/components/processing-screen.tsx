import { useT } from '../../../lib/i18n';
import '../../../components/ui/feedback.css';
import type { UploadState } from '../../../lib/use-upload';

/**
 * The retailer form's processing screen (spec: 'A processing screen (text "Procecssing.....") shows
 * during image compression and upload'): a panel over the bottom of the window while any image is
 * being compressed or uploaded. It does not hide the form: the applicant may go on typing, and each
 * image keeps its own progress and Cancel in the uploader. Screen readers hear the uploader's own
 * status line ("Procecssing..... 0 of 1 ready…"), so this visual copy is hidden from them.
 */
export function ProcessingScreen({ upload }: { upload: UploadState }) {
  const { t } = useT('ui');
  if (!upload.isUploading) return null;
  const done = upload.items.filter((item) => item.status === 'done').length;
  return (
    <div className="processing-screen" aria-hidden="true">
      <span className="spinner__ring" />
      <p className="processing-screen__text">
        <strong>{t('uploadProcessing')}</strong>{' '}
        <span>{t('uploadReady', { done, total: upload.items.length })}</span>
      </p>
    </div>
  );
}
