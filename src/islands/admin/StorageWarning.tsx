import { useQuery } from '@tanstack/react-query';
import { intakeQuery } from '~/islands/queries/applicants';
import { applicantMessages } from '~/lib/schemas/applicant';

/** A banner while the server refuses applications because its disk is nearly full; nothing otherwise. */
export function StorageWarning() {
  const intake = useQuery(intakeQuery());
  if (!intake.data || intake.data.accepting) return null;
  const { freeMb, minFreeMb } = intake.data;
  return (
    <p role="alert" className="rounded-2xl border border-amber-300/50 bg-amber-950/60 px-5 py-4 text-amber-50">
      {applicantMessages.storageLow(freeMb ?? 0, minFreeMb)}
    </p>
  );
}
