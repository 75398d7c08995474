interface FieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  required?: boolean;
  maxLength?: number;
  autoCapitalize?: 'characters';
}

/** A labelled input with its error (from the API or the form) tied to it for screen readers. */
export function Field(props: FieldProps) {
  const described = [props.hint ? `${props.id}-hint` : '', props.error ? `${props.id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="text"
        value={props.value}
        inputMode={props.inputMode}
        required={props.required}
        maxLength={props.maxLength}
        autoCapitalize={props.autoCapitalize}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={described || undefined}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
      {props.hint && (
        <span class="hint" id={`${props.id}-hint`}>
          {props.hint}
        </span>
      )}
      {props.error && (
        <span class="field-error" id={`${props.id}-error`}>
          {props.error}
        </span>
      )}
    </div>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

export function SelectField(props: SelectProps) {
  return (
    <div class={`field${props.error ? ' field-invalid' : ''}`}>
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.error && (
        <span class="field-error" id={`${props.id}-error`}>
          {props.error}
        </span>
      )}
    </div>
  );
}
