import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { deleteMailTemplate, saveMailTemplate } from '~/lib/api/mail-templates';
import { TEMPLATE_BODY_MAX, TEMPLATE_NAME_MAX, TEMPLATE_SUBJECT_MAX } from '~/lib/limits';
import {
  TEMPLATE_PLACEHOLDERS,
  templateInputSchema,
  type MailTemplate,
  type TemplateInput,
} from '~/lib/schemas/mail-template';
import { mailTemplateKeys, mailTemplatesQuery } from '~/islands/queries/mail-templates';
import { useConfirm } from '~/islands/ui/ConfirmDialog';
import { Field, fieldAria, inputClass } from '~/islands/ui/Field';
import { z } from 'zod/mini';
import { AdminPanel } from '../AdminPanel';
import { QueryState } from '../StateMessage';
import { useAdminMutation } from '../useAdminMutation';
import { TemplatePreview } from './TemplatePreview';

const texts = { loading: 'Loading templates...', empty: 'No templates yet', fetchFailed: 'Failed to fetch templates' };
const EMPTY: TemplateInput = { name: '', subject: '', body: '' };
const placeholders = Object.entries(TEMPLATE_PLACEHOLDERS);

/** The Templates tab: the team's mails to applicants, each editable with a preview; a new one below. */
export function TemplatesPanel() {
  const templates = useQuery(mailTemplatesQuery());
  const [editing, setEditing] = useState<MailTemplate | 'new' | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const remove = useAdminMutation({
    mutationFn: (t: MailTemplate) => deleteMailTemplate(t.id),
    success: (result) => result.message,
    failure: 'Failed to delete the template',
    invalidates: [mailTemplateKeys.all],
  });
  return (
    <AdminPanel
      id="templates"
      title="Mail templates"
      intro={`Mails to applicants, sent from the Applicants tab. Placeholders: ${placeholders.map(([k]) => `{{${k}}}`).join(', ')}.`}
    >
      <QueryState query={templates} items={templates.data} texts={texts}>
        {(list) => (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Mail templates">
            {list.map((t) => (
              <li key={t.id} className="card flex flex-col gap-2 p-4">
                <h3 className="text-base text-white">{t.name}</h3>
                <p className="text-sm text-slate-300">{t.subject}</p>
                <div className="mt-auto flex gap-2">
                  <button type="button" className="btn btn-secondary px-3 py-1.5 text-sm" onClick={() => setEditing(t)}>
                    Edit<span className="sr-only"> {t.name}</span>
                  </button>
                  <button
                    type="button"
                    className="btn border border-rose-400/40 bg-rose-500/10 px-3 py-1.5 text-sm text-rose-100"
                    onClick={() =>
                      void confirm(`Delete the template "${t.name}"?`, 'Delete').then((ok) => ok && remove.mutate(t))
                    }
                  >
                    Delete<span className="sr-only"> {t.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {editing === null ? (
        <button type="button" className="btn btn-primary self-start px-4 py-2" onClick={() => setEditing('new')}>
          New template
        </button>
      ) : (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {confirmDialog}
    </AdminPanel>
  );
}

function TemplateForm({ template, onDone }: { template: MailTemplate | null; onDone: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<TemplateInput>(template ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TemplateInput, string>>>({});
  const [previewed, setPreviewed] = useState<TemplateInput | null>(null);
  const save = useAdminMutation({
    mutationFn: (input: TemplateInput) => saveMailTemplate(input, template?.id),
    success: (result) => result.message,
    failure: 'Failed to save the template',
    invalidates: [mailTemplateKeys.all],
    onSuccess: onDone,
  });
  const check = (): TemplateInput | null => {
    const result = z.safeParse(templateInputSchema, draft);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Partial<Record<keyof TemplateInput, string>> = {};
    for (const issue of result.error.issues) next[issue.path[0] as keyof TemplateInput] ??= issue.message;
    setErrors(next);
    return null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = check();
    if (input) save.mutate(input);
  };
  const set = (key: keyof TemplateInput) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-4 p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg text-white">
        {template ? `Edit "${template.name}"` : 'New template'}
      </h3>
      <Field id={`${id}-name`} label="Name" required error={errors.name}>
        <input
          {...fieldAria(`${id}-name`, errors.name)}
          value={draft.name}
          onChange={set('name')}
          maxLength={TEMPLATE_NAME_MAX}
          className={inputClass}
        />
      </Field>
      <Field id={`${id}-subject`} label="Subject" required error={errors.subject}>
        <input
          {...fieldAria(`${id}-subject`, errors.subject)}
          value={draft.subject}
          onChange={set('subject')}
          maxLength={TEMPLATE_SUBJECT_MAX}
          className={inputClass}
        />
      </Field>
      <Field
        id={`${id}-body`}
        label="Text"
        required
        error={errors.body}
        hint={`A blank line starts a paragraph; the greeting and signature are added. ${placeholders.map(([k, v]) => `{{${k}}}: ${v.toLowerCase()}`).join('; ')}.`}
      >
        <textarea
          {...fieldAria(`${id}-body`, errors.body, true)}
          value={draft.body}
          onChange={set('body')}
          rows={10}
          maxLength={TEMPLATE_BODY_MAX}
          className={inputClass}
        />
      </Field>
      {previewed && <TemplatePreview draft={previewed} />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary px-4 py-2" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save template'}
        </button>
        <button type="button" className="btn btn-secondary px-4 py-2" onClick={() => setPreviewed(check())}>
          Preview
        </button>
        <button type="button" className="btn btn-secondary px-4 py-2" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
