/** The working-hours templates as a select's options, valued by id, for the user drawer and the bulk edit alike. */
export function TemplateOptions({ templates }: { templates: readonly { id: number; name: string }[] }) {
  return templates.map((template) => (
    <option key={template.id} value={String(template.id)}>
      {template.name}
    </option>
  ));
}
