import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { APPLICANT_STATUSES, STAGE_LABELS, canTransition, type Applicant, type ApplicantStatus } from '~/lib/schemas';
import { cn } from '~/islands/ui/cn';
import { useCan } from '../session';
import { stageAge } from '../stage-age';
import { OverdueBadge } from './StatusBadge';
import type { ApplicantActions } from './useApplicantActions';

type Props = { applicants: readonly Applicant[]; actions: ApplicantActions; onView: (id: number) => void };

const nameOf = (applicants: readonly Applicant[], id: unknown) =>
  applicants.find((a) => a.id === id)?.name ?? 'The applicant';
const stageOf = (id: unknown) => STAGE_LABELS[id as ApplicantStatus] ?? String(id);

/** What a screen reader hears while a card moves (dnd-kit's live region). */
const announcements = (applicants: readonly Applicant[]): Announcements => ({
  onDragStart: ({ active }) =>
    `Picked up ${nameOf(applicants, active.id)}. Use the arrow keys to choose a stage, Space to drop, Escape to cancel.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${nameOf(applicants, active.id)} is over ${stageOf(over.id)}.`
      : `${nameOf(applicants, active.id)} is over no stage.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${nameOf(applicants, active.id)} dropped on ${stageOf(over.id)}.`
      : `${nameOf(applicants, active.id)} dropped.`,
  onDragCancel: ({ active }) => `Moving ${nameOf(applicants, active.id)} was cancelled.`,
});

/** Left and right arrows carry the lifted card to the next column's top, not 25 pixels along. */
const toNextColumn: KeyboardCoordinateGetter = (event, { context: { collisionRect, droppableRects } }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const columns = [...droppableRects.values()].sort((a, b) => a.left - b.left);
  const here = columns.findIndex((r) => collisionRect.left + collisionRect.width / 2 < r.left + r.width);
  const next = columns[(here === -1 ? columns.length - 1 : here) + step];
  return next ? { x: next.left + 8, y: next.top + 32 } : undefined;
};

/**
 * The board: a column per stage, cards dragged between them by mouse, touch or keyboard (Space to
 * lift, arrows, Space to drop). A drop on Rejected opens the move dialog for the reason; any other
 * drop moves at once. Withdrawn is shown but takes no card, and its cards do not move.
 */
export function BoardView({ applicants, actions, onView }: Props) {
  const canWrite = useCan('recruiter');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    // When the next column is off screen (a phone), the sensor scrolls the board under the lifted card;
    // a smooth scroll left the card over the old column, an instant one lands it on the next.
    useSensor(KeyboardSensor, { coordinateGetter: toNextColumn, scrollBehavior: 'instant' }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const applicant = applicants.find((a) => a.id === active.id);
    const to = over?.id as ApplicantStatus | undefined;
    if (!applicant || !to || !canTransition(applicant.status, to)) return;
    if (to === 'rejected') actions.move(applicant, 'rejected');
    else actions.changeStatus(applicant, { status: to });
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements: announcements(applicants) }}>
      {/* Columns side by side, scrolled sideways on a phone; the region takes focus to be scrolled by keyboard.
          Positioned, so the cards' screen-reader-only text stays inside its scroll area and cannot widen the page. */}
      <div
        role="region"
        aria-label="Board of applicants by stage"
        // A region that scrolls must be reachable by keyboard (axe's scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="relative -mx-2 overflow-x-auto px-2 pb-3"
      >
        <div className="grid auto-cols-[15rem] grid-flow-col gap-3">
          {APPLICANT_STATUSES.map((stage) => (
            <Column
              key={stage}
              stage={stage}
              applicants={applicants.filter((a) => a.status === stage)}
              draggable={canWrite}
              actions={actions}
              onView={onView}
            />
          ))}
        </div>
      </div>
    </DndContext>
  );
}

function Column({
  stage,
  applicants,
  draggable,
  actions,
  onView,
}: {
  stage: ApplicantStatus;
  applicants: readonly Applicant[];
  draggable: boolean;
  actions: ApplicantActions;
  onView: (id: number) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: stage, disabled: stage === 'withdrawn' });
  const headingId = `board-${stage}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage={stage}
      className={cn(
        'flex min-h-[12rem] flex-col gap-2 rounded-2xl border border-white/10 bg-ink-850 p-2 motion-safe:transition-colors',
        isOver && 'border-brand-300 bg-ink-700',
      )}
    >
      <h3 id={headingId} className="flex items-center justify-between px-1 text-sm font-semibold text-white">
        {STAGE_LABELS[stage]}
        <span className="text-slate-400">{applicants.length}</span>
      </h3>
      <ul className="flex flex-col gap-2" aria-labelledby={headingId}>
        {applicants.map((a) => (
          <li key={a.id}>
            <BoardCard
              applicant={a}
              draggable={draggable && a.status !== 'withdrawn'}
              busy={actions.isBusy(a.id)}
              onView={() => onView(a.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BoardCard({
  applicant,
  draggable,
  busy,
  onView,
}: {
  applicant: Applicant;
  draggable: boolean;
  busy: boolean;
  onView: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: applicant.id,
    disabled: !draggable || busy,
  });
  return (
    <div
      ref={setNodeRef}
      style={transform ? { transform: CSS.Translate.toString(transform) } : undefined}
      data-board-card={applicant.id}
      className={cn(
        'card flex flex-col gap-1 p-3 text-sm',
        isDragging && 'relative z-10 shadow-2xl ring-2 ring-brand-300',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        {draggable ? (
          <button
            type="button"
            {...attributes}
            {...listeners}
            aria-roledescription="draggable applicant"
            aria-label={`Move ${applicant.name}`}
            className="min-w-0 cursor-grab touch-none truncate text-left font-semibold text-white active:cursor-grabbing"
          >
            {applicant.name}
          </button>
        ) : (
          <span className="min-w-0 truncate font-semibold text-white">{applicant.name}</span>
        )}
        {applicant.overdue && <OverdueBadge />}
      </div>
      {/* The column names the stage: the card says how long they have been in it instead. */}
      <p className="truncate text-slate-300">{applicant.jobTitle}</p>
      <p className="text-xs text-slate-400">{stageAge(applicant.statusChangedAt)}</p>
      <button type="button" className="self-start text-xs text-brand-200 underline underline-offset-4" onClick={onView}>
        View<span className="sr-only"> {applicant.name}</span>
      </button>
    </div>
  );
}
