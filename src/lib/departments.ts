/** Departments are one and the same whatever their case and outer spaces: "engineering" is "Engineering". */
const departmentKey = (department: string) => department.trim().toLocaleLowerCase();

/** True when both name the same department. */
export function sameDepartment(a: string, b: string): boolean {
  return departmentKey(a) === departmentKey(b);
}

/** Each distinct department, spelled as its first job spells it, in alphabetical order. */
export function distinctDepartments(jobs: readonly { department: string }[]): string[] {
  const seen = new Map<string, string>();
  for (const { department } of jobs) {
    const key = departmentKey(department);
    if (key && !seen.has(key)) seen.set(key, department.trim());
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
