// The studio's form controls, one look for all of them: Radix primitives (a well-kept library that does
// the keyboard and the ARIA of each pattern: the select's typeahead and arrow keys, the checkbox's and
// switch's states, the disclosure's aria-expanded) styled with the studio's Tailwind build. Each keeps
// the accessible name a <label for> gives it, so a field is still found by its schema's title.
import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as Collapsible from '@radix-ui/react-collapsible';
import * as SelectPrimitive from '@radix-ui/react-select';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { forwardRef, type ButtonHTMLAttributes, type ReactElement, type ReactNode } from 'react';

export interface Option {
  value: string;
  text: string;
}

/** Radix reserves the empty value for "nothing chosen"; an option meaning "none" (the default) uses this. */
const NONE = '\u0000none';

const check = (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M3.5 8.5l3 3 6-7" />
  </svg>
);

const chevron = (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M4 6l4 4 4-4" />
  </svg>
);

/**
 * A choice of one: a button (role combobox) that opens a list, named by the <label for={id}> beside it.
 * An option whose value is '' means "none" (the field's default), which Radix cannot hold as such.
 */
export function Select({ id, value, options, onChange, invalid, describedBy, placeholder }: { id: string; value: string; options: Option[]; onChange: (value: string) => void; invalid?: boolean; describedBy?: string; placeholder?: string }) {
  const hasNone = options.some((o) => o.value === '');
  return (
    <SelectPrimitive.Root value={value === '' ? (hasNone ? NONE : '') : value} onValueChange={(v) => onChange(v === NONE ? '' : v)}>
      <SelectPrimitive.Trigger id={id} aria-describedby={describedBy} aria-invalid={invalid} className="studio-control flex w-full items-center justify-between gap-2 text-left data-[placeholder]:text-(--muted)">
        <span className="min-w-0 truncate"><SelectPrimitive.Value placeholder={placeholder ?? '—'} /></span>
        <SelectPrimitive.Icon className="shrink-0 text-(--muted)">{chevron}</SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content position="popper" sideOffset={4} collisionPadding={8}
          className="studio-popover z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden">
          <SelectPrimitive.ScrollUpButton className="flex justify-center py-0.5 text-(--muted)"><span className="rotate-180">{chevron}</span></SelectPrimitive.ScrollUpButton>
          <SelectPrimitive.Viewport className="p-1">
            {options.map((o) => (
              <SelectPrimitive.Item key={o.value || NONE} value={o.value || NONE}
                className="relative flex cursor-default select-none items-center rounded py-1.5 pl-7 pr-3 outline-none data-[highlighted]:bg-(--accent) data-[highlighted]:text-white data-[state=checked]:font-semibold">
                <SelectPrimitive.ItemIndicator className="absolute left-2 inline-flex">{check}</SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{o.text}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
          <SelectPrimitive.ScrollDownButton className="flex justify-center py-0.5 text-(--muted)">{chevron}</SelectPrimitive.ScrollDownButton>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}

/** A checkbox (a button with role checkbox), named by the <label for={id}> beside it. */
export function Checkbox({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <CheckboxPrimitive.Root id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)}
      className="studio-check grid size-5 shrink-0 place-items-center rounded border border-[#8a909c] bg-white p-0 text-white data-[state=checked]:border-(--accent) data-[state=checked]:bg-(--accent)">
      <CheckboxPrimitive.Indicator>{check}</CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** On or off (role switch), named by the <label for={id}> beside it; "On"/"Off" written next to it too. */
export function Switch({ id, checked, onChange, describedBy }: { id: string; checked: boolean; onChange: (checked: boolean) => void; describedBy?: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="text-sm text-(--muted)">{checked ? 'On' : 'Off'}</span>
      <SwitchPrimitive.Root id={id} checked={checked} onCheckedChange={onChange} aria-describedby={describedBy}
        className="studio-switch relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-[#8a909c] bg-[#e7eaf0] p-0 data-[state=checked]:border-(--accent) data-[state=checked]:bg-(--accent)">
        <SwitchPrimitive.Thumb className="block size-[18px] translate-x-[2px] rounded-full bg-white shadow ring-1 ring-[#8a909c] transition-transform data-[state=checked]:translate-x-[21px] data-[state=checked]:ring-(--accent)" />
      </SwitchPrimitive.Root>
    </span>
  );
}

/**
 * A part that opens and closes: its trigger a button (aria-expanded, aria-controls) inside `heading`
 * when given, as the disclosure pattern asks, so the part is still found by its heading. The content is
 * not made while closed.
 */
export function Disclosure({ title, heading, open, onOpenChange, className, children }: { title: ReactNode; heading?: 'h2' | 'h3'; open: boolean; onOpenChange: (open: boolean) => void; className?: string; children: ReactNode }) {
  const Heading = heading;
  const trigger = (
    <Collapsible.Trigger className="studio-disclosure group flex w-full items-center gap-2 border-0 bg-transparent p-0 text-left font-semibold">
      <span className="inline-flex -rotate-90 text-(--muted) transition-transform group-data-[state=open]:rotate-0">{chevron}</span>
      <span>{title}</span>
    </Collapsible.Trigger>
  );
  return (
    <Collapsible.Root open={open} onOpenChange={onOpenChange} className={className}>
      {Heading ? <Heading className="m-0">{trigger}</Heading> : trigger}
      <Collapsible.Content className="mt-2">{children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

/**
 * A button shown as a symbol (↑, ↓): its aria-label names it to assistive technology, and the same words
 * show as the browser's tooltip on hover. Not Radix's tooltip: one per button cost about 80 ms a
 * keystroke on a long page (every keystroke renders the section list again; bench --studio).
 */
export const IconButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactElement | string }>(function IconButton({ label, children, ...rest }, ref) {
  return <button ref={ref} type="button" aria-label={label} title={label} {...rest}>{children}</button>;
});
