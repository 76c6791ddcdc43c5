import { SaveReviewDialog } from '../../components/save-review-dialog';
import type { Change } from '../../components/model-fields/model-draft';

/**
 * What saving an edited job changes, before it is sent, and what re-creating it costs: neither server changes
 * a job in place.
 */
export function JobReviewDialog(props: {
  name: string;
  changes: Change[];
  pending: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const { name } = props;
  return (
    <SaveReviewDialog {...props} className="job-review">
      <p className="job-note">
        A job cannot be changed in place (MindsDB has no ALTER JOB): saving deletes {name} and creates it
        again with these settings. Its list of runs starts afresh, a <code>LAST</code> in its statements
        starts again from the newest row at its first run. Unless its start changes, its next run stays where
        it was.
      </p>
    </SaveReviewDialog>
  );
}
