import { useParams } from 'react-router';
import { EditProjectForm } from '../../features/projects/components/edit-project-form';

/** /project/:id/edit */
export function EditProjectRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <title>Edit Project — Sitelift</title>
      <EditProjectForm key={id} projectId={id} />
    </>
  );
}
