/** 'In this stage for less than a day', '… for 1 day', '… for 12 days': whole days from `iso` to `now`. */
export function stageAge(iso: string, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000));
  if (days === 0) return 'In this stage for less than a day';
  return `In this stage for ${days} ${days === 1 ? 'day' : 'days'}`;
}
