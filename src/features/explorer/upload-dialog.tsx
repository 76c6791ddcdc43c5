import { ModalDialog } from '../../components/modal-dialog';
import { UploadForm } from '../../components/upload-form';

/** The object browser's "Upload file": the upload form in a dialog; closing it cancels an upload in flight. */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Upload a file" onClose={onClose} className="upload-dialog">
      <UploadForm
        actions={({ done }) => (
          <button type="button" className="btn" onClick={onClose}>
            {done ? 'Close' : 'Cancel'}
          </button>
        )}
      />
    </ModalDialog>
  );
}
