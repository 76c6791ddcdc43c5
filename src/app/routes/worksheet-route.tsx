import { useParams } from 'react-router';
import { WorksheetPage } from '../../features/worksheet/worksheet-page';

export default function WorksheetRoute() {
  const { project = 'mindsdb' } = useParams();
  return <WorksheetPage project={project} />;
}
