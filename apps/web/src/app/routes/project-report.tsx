import { useParams } from 'react-router';
import { ProjectReportPage } from '../../features/projects/components/project-report-page';

/** /project/:id/report — where the project e-mails link to (issue 22 item 4). */
export function ProjectReportRoute() {
  const { id = '' } = useParams();
  return <ProjectReportPage key={id} projectId={id} />;
}
