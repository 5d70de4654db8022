/** A link-looking button that switches the auth card's form; thumb-sized on a phone (44 px). */
export function SwitchLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
    >
      {label}
    </button>
  );
}
