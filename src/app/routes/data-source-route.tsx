import { useParams } from 'react-router';
import { DataSourcePage } from '../../features/data-sources/data-source-page';
import { DEFAULT_PROJECT } from '../../lib/paths';

export default function DataSourceRoute() {
  const { project = DEFAULT_PROJECT, source = '' } = useParams();
  // Another source is another page: no draft or test result carries over.
  return <DataSourcePage key={source} project={project} name={source} />;
}
