import type { FormHTMLAttributes, ReactNode, Ref } from 'react';
import { ErrorSummary } from './error-summary';
import { FormScopeContext } from './form-scope';
import type { FormKit } from './use-form-kit';

export interface KitFormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  kit: Pick<FormKit, 'scope' | 'summaryProps'>;
  onSubmit: FormHTMLAttributes<HTMLFormElement>['onSubmit'];
  children: ReactNode;
  /** Placed above the summary, e.g. the form's heading. */
  header?: ReactNode;
  ref?: Ref<HTMLFormElement>;
}

/** A form with the kit's field ids and its error summary at the top. */
export function KitForm({ kit, onSubmit, children, header, ref, ...rest }: KitFormProps) {
  return (
    <FormScopeContext value={kit.scope}>
      <form noValidate {...rest} ref={ref} onSubmit={onSubmit}>
        {header}
        <ErrorSummary {...kit.summaryProps} />
        {children}
      </form>
    </FormScopeContext>
  );
}
