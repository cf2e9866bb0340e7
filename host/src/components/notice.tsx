/** The outcome of the last action a page took, shown above its list. */
export type Notice = { kind: 'done' | 'failed'; text: string } | null;

/** A done notice as a status, a failed one as an alert; nothing without one. */
export function NoticeLine({ notice }: { notice: Notice }) {
  if (notice?.kind === 'done') {
    return (
      <p className="success" role="status">
        {notice.text}
      </p>
    );
  }
  if (notice?.kind === 'failed') {
    return (
      <p className="error" role="alert">
        {notice.text}
      </p>
    );
  }
  return null;
}
