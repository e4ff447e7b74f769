import { html, trusted, type SafeHtml } from '@gw/platform';

/** A form as it was sent back: what was typed, and each field's problem, to show beside it. */
export interface FormState {
  values: Record<string, string>;
  problems: Record<string, string>;
}

export const emptyForm = (): FormState => ({ values: {}, problems: {} });

export interface FieldOptions {
  type?: 'text' | 'email' | 'url' | 'number';
  required?: boolean;
  inputMode?: 'decimal' | 'numeric';
  /** Shown under the label, and announced with the field. */
  hint?: string;
}

/**
 * A labelled input. A problem is shown under it, marked invalid and tied to it with aria-describedby,
 * so a screen reader announces the problem with the field.
 */
export function textField(
  form: string,
  name: string,
  label: string,
  state: FormState,
  options: FieldOptions = {},
): SafeHtml {
  const id = `${form}-${name.replace(/_/g, '-')}`;
  const problem = state.problems[name] ?? null;
  const described = [options.hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean);
  return html`<div class="field">
    <label for="${id}">${label}</label>
    ${options.hint ? html`<p id="${id}-hint" class="muted hint">${options.hint}</p>` : null}
    <input
      id="${id}"
      name="${name}"
      type="${options.type ?? 'text'}"
      value="${state.values[name] ?? ''}"
      ${options.inputMode ? html`inputmode="${options.inputMode}"` : ''}
      ${options.required ? trusted('required') : ''}
      ${described.length > 0 ? html`aria-describedby="${described.join(' ')}"` : ''}
      ${problem ? trusted('aria-invalid="true"') : ''}
    />
    ${problem ? html`<p id="${id}-problem" class="field-problem">${problem}</p>` : null}
  </div>`;
}
