/** Why the camera did not open, by the error getUserMedia (or the decoder's load) gave. */
export function cameraProblem(error: unknown): 'denied' | 'noCamera' | 'failed' {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'noCamera';
  return 'failed';
}
