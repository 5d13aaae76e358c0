/**
 * The visible mark of a required field, shown from the start (not only after a failed submit). It is hidden
 * from assistive technology, which reads `aria-required` instead, so the field's accessible name stays its label.
 */
export function RequiredMark() {
  return <span aria-hidden="true"> *</span>;
}
