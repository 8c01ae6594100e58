import { apiRequest } from '~/lib/api/client';
import { RESPONSE_TIME_WINDOW_DAYS, type ResponseTime as Figure } from '~/lib/response-time';
import { useRequest } from '~/islands/ui/useRequest';

const load = (signal: AbortSignal) => apiRequest<Figure>('/career/response-time', { signal });

/** The team's real median time to a first reply, once the server has enough applications to publish it. */
export default function ResponseTime() {
  const hours = useRequest(load).data?.medianHours;
  if (hours == null) return null;
  const days = hours >= 48;
  const count = Math.ceil(days ? hours / 24 : hours);
  return (
    <p className="mb-6 text-sm text-slate-300" data-testid="response-time">
      Our median time to a first reply over the last {RESPONSE_TIME_WINDOW_DAYS} days: {count}{' '}
      {days ? 'days' : count > 1 ? 'hours' : 'hour'}.
    </p>
  );
}
