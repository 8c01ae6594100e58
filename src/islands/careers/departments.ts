import { sameDepartment } from '~/lib/departments';
import type { Job } from '~/lib/schemas/job';

/** True when the job belongs to the department (null = 'All'); case and outer spaces do not matter. */
export function inDepartment(job: Pick<Job, 'department'>, department: string | null): boolean {
  return department === null || sameDepartment(job.department, department);
}

/** The `?department=` of a careers URL, so a filtered board can be linked to. */
const DEPARTMENT_PARAM = 'department';

export function departmentFromUrl(search: string): string | null {
  const value = new URLSearchParams(search).get(DEPARTMENT_PARAM)?.trim();
  return value ? value : null;
}

/** The same URL with the department set, or removed for 'All'. */
export function urlWithDepartment(href: string, department: string | null): string {
  const url = new URL(href);
  if (department) url.searchParams.set(DEPARTMENT_PARAM, department);
  else url.searchParams.delete(DEPARTMENT_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
