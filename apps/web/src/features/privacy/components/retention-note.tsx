import { TAX_RECORD_RETENTION_MONTHS } from '@app/domain';

/** What a deletion keeps, said before the person decides. */
export function RetentionNote() {
  return (
    <p className="privacy__note">
      Your orders stay in the sellers&rsquo; books without your name, contact or street. Tax invoices and
      credit notes already issued stay exactly as issued for {TAX_RECORD_RETENTION_MONTHS} months, as section
      36 of the CGST Act 2017 requires; they are then deleted.
    </p>
  );
}
