import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type SectionBoundaryProps = {
  /** What the section shows, for the sentence of the fallback ("your reading figures"). */
  name: string;
  children: ReactNode;
};

type SectionBoundaryState = { hasError: boolean };

/**
 * Keeps one section's unexpected failure (an answer of a shape nobody planned for, a bug) inside
 * that section: the rest of the page stays usable, and "Try again" draws the section anew. Load
 * errors are not its business; each section shows those itself, with its own retry.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { hasError: false };

  static getDerivedStateFromError(): SectionBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Section "${this.props.name}" failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <Alert
        color="red"
        variant="light"
        radius="lg"
        icon={<IconAlertTriangle aria-hidden />}
        title={`We couldn't show ${this.props.name}`}
        role="alert"
        data-testid="section-error"
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">Something went wrong on our side. The rest of the page still works.</Text>
          <Button variant="white" color="red" size="compact-sm" onClick={() => this.setState({ hasError: false })}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
}
