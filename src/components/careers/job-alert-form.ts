/**
 * The job alert form's behaviour, loaded when the form comes near the viewport: fills the
 * department list from the open vacancies and sends the form as JSON.
 */
import { apiUrl } from '~/lib/api/config';
import { distinctDepartments } from '~/lib/departments';
import { jobAlertMessages as m } from '~/lib/job-alerts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function fillDepartments(select: HTMLSelectElement): Promise<void> {
  try {
    const res = await fetch(apiUrl('/job'));
    if (!res.ok) return;
    const { jobs } = (await res.json()) as { jobs: { department: string }[] };
    for (const department of distinctDepartments(jobs)) select.add(new Option(department, department));
  } catch {
    // The list stays at "every new role", which still works.
  }
}

/** The message under the form: `error` marks the address field invalid and returns focus to it. */
function show(form: HTMLFormElement, text: string, error: boolean): void {
  const status = form.querySelector<HTMLElement>('[data-alert-status]');
  const email = form.elements.namedItem('email');
  if (status) {
    status.textContent = text;
    status.dataset['tone'] = error ? 'error' : 'ok';
  }
  if (email instanceof HTMLInputElement) {
    if (error) email.setAttribute('aria-invalid', 'true');
    else email.removeAttribute('aria-invalid');
  }
}

/** Fills the department list, then sends the form as JSON; `data-ready` tells tests and styles it is live. */
export function enhance(form: HTMLFormElement): void {
  const select = form.elements.namedItem('department');
  if (select instanceof HTMLSelectElement)
    void fillDepartments(select).then(() => {
      form.dataset['ready'] = 'true';
    });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = form.elements.namedItem('email');
    const button = form.querySelector('button');
    if (!(email instanceof HTMLInputElement) || !(select instanceof HTMLSelectElement) || !button) return;
    const address = email.value.trim();
    if (!EMAIL.test(address)) {
      show(form, address ? m.emailInvalid : m.emailRequired, true);
      email.focus();
      return;
    }
    button.disabled = true;
    fetch(apiUrl('/alerts'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address, department: select.value }),
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        if (res.ok) {
          form.reset();
          show(form, m.subscribed, false);
        } else {
          show(form, body.message ?? m.failed, res.status === 400);
          if (res.status === 400) email.focus();
        }
      })
      .catch(() => show(form, m.failed, false))
      .finally(() => {
        button.disabled = false;
      });
  });
}
