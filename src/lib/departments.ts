/** Departments are one and the same whatever their case and outer spaces: "engineering" is "Engineering". */
const departmentKey = (department: string) => department.trim().toLocaleLowerCase();

/** True when both name the same department. */
export function sameDepartment(a: string, b: string): boolean {
  return departmentKey(a) === departmentKey(b);
}

/** "Engineering" reads better than "engineering": a capitalised spelling wins over one that is not. */
const capitalised = (text: string) => /^\p{Lu}/u.test(text);

/** Each distinct department, spelled as its first capitalised job spells it (else its first), in alphabetical order. */
export function distinctDepartments(jobs: readonly { department: string }[]): string[] {
  const seen = new Map<string, string>();
  for (const { department } of jobs) {
    const key = departmentKey(department);
    const spelling = department.trim();
    const current = seen.get(key);
    if (key && (current === undefined || (capitalised(spelling) && !capitalised(current)))) seen.set(key, spelling);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
