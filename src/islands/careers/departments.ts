import { sameDepartment } from '~/lib/departments';
import type { Job } from '~/lib/schemas/job';

/** True when the job belongs to the department (null = 'All'); case and outer spaces do not matter. */
export function inDepartment(job: Pick<Job, 'department'>, department: string | null): boolean {
  return department === null || sameDepartment(job.department, department);
}
