import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { shouldReloadForStaleCode } from '../shell/staleCode';

interface Props {
  children: ReactNode;
  /** Translated texts (the boundary may sit above react-admin's i18n context). */
  texts: { title: string; text: string; button: string };
  /** Show the error and the component stack (outside test and production-like modes, spec §2). */
  showDetails: boolean;
  /** A change of this (the path, in a frame) clears the error shown, as react-admin's layout does. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  stack: string | null;
}

/** Spec §2 error fallback screen, with the stale-code reload rule of spec §4. */
export class ErrorFallback extends Component<Props, State> {
  override state: State = { error: null, stack: null };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null, stack: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ stack: info.componentStack ?? null });
    if (
      shouldReloadForStaleCode(String(error?.message ?? error), window.sessionStorage, Date.now())
    ) {
      window.location.reload();
    }
  }

  override render() {
    const { error, stack } = this.state;
    if (!error) return this.props.children;
    return (
      <FallbackScreen
        error={error}
        stack={stack}
        texts={this.props.texts}
        showDetails={this.props.showDetails}
      />
    );
  }
}

/**
 * The error fallback screen of spec §2: the illustration and a titled card with one primary
 * button that reloads the page; outside test and production-like modes the title is the error and
 * the component stack follows. Used by the top-level boundary and inside the app's layout.
 */
export function FallbackScreen(props: {
  error: unknown;
  stack: string | null;
  texts: { title: string; text: string; button: string };
  showDetails: boolean;
}) {
  const { error, stack, texts, showDetails } = props;
  return (
    <Stack alignItems="center" sx={{ p: 4 }} role="alert" data-testid="error-fallback">
      <Illustration />
      <Card sx={{ maxWidth: 720, width: '100%' }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {showDetails ? String(error) : texts.title}
            </Typography>
            {showDetails && stack ? (
              <Typography component="pre" sx={{ fontSize: 12, overflow: 'auto', maxHeight: 240 }}>
                {stack}
              </Typography>
            ) : (
              <Typography>{texts.text}</Typography>
            )}
            <Button
              variant="contained"
              onClick={() => window.location.reload()}
              sx={{ alignSelf: 'start' }}
            >
              {texts.button}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

/** A house, a tree and a charging-station-like sign (spec §2). */
function Illustration() {
  return (
    <svg
      width="240"
      height="120"
      viewBox="0 0 240 120"
      aria-hidden="true"
      style={{ marginBottom: 16 }}
    >
      <rect x="20" y="55" width="70" height="55" fill="#d9e6cf" stroke="#4a6b3a" strokeWidth="2" />
      <polygon points="15,58 55,22 95,58" fill="#7bc144" stroke="#4a6b3a" strokeWidth="2" />
      <rect x="47" y="80" width="16" height="30" fill="#4a6b3a" />
      <rect x="120" y="80" width="8" height="30" fill="#6b4a2a" />
      <circle cx="124" cy="65" r="24" fill="#7bc144" stroke="#4a6b3a" strokeWidth="2" />
      <rect
        x="170"
        y="40"
        width="36"
        height="70"
        rx="4"
        fill="#eef3ea"
        stroke="#4a6b3a"
        strokeWidth="2"
      />
      <polygon points="190,52 180,75 190,75 184,96 200,68 190,68 196,52" fill="#f2b705" />
      <line x1="0" y1="110" x2="240" y2="110" stroke="#4a6b3a" strokeWidth="2" />
    </svg>
  );
}
