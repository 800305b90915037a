import type { SliderTracePoint } from '@app/contract/client';
import { errorText } from '@app/web-shared/error-text';
import { ActionIcon, Alert, Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSliderPuzzle, verifySlider } from '../api/slider-api';
import { useSliderTexts } from '../lib/slider-texts';
import { type DragOrigin, thinTrace, tracePoint } from './slider-trace';

/** Height of the track the handle slides along. */
const TRACK_HEIGHT_PX = 40;

export interface SliderPuzzleProps {
  /** Told the one-time token of a solved puzzle. */
  onSolved: (challengeToken: string) => void;
  /** Where the time of each drag point comes from (tests). */
  now?: () => number;
}

interface Drag extends DragOrigin {
  pointerId: number;
  trace: SliderTracePoint[];
}

/**
 * The slider puzzle (SPEC §4): a picture with a gap, the piece at the gap's height, and a
 * handle to drag along the track below. Pointer Events cover mouse, pen and touch alike; the
 * drag's positions and times go to the server, which judges both the end and the way there.
 * A failed try spends the puzzle, so a new one is drawn.
 */
export default function SliderPuzzle({
  onSolved,
  now = () => performance.now(),
}: SliderPuzzleProps) {
  useSliderTexts();
  const { t } = useTranslation(['slider', 'errors']);
  const [reloadKey, setReloadKey] = useState(0);
  // Each opening draws its own puzzle: a spent one must never come back from the cache.
  const [mountKey] = useState(() => Math.random());
  const puzzle = useQuery({
    queryKey: ['slider-puzzle', mountKey, reloadKey],
    queryFn: fetchSliderPuzzle,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const verify = useMutation({ mutationFn: verifySlider });
  const [offsetPx, setOffsetPx] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  const [solved, setSolved] = useState(false);
  const drag = useRef<Drag | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);

  const data = puzzle.data;
  const maxOffsetPx = data ? data.widthPx - data.pieceSizePx : 0;

  const newPuzzle = () => {
    drag.current = null;
    setOffsetPx(0);
    setReloadKey((key) => key + 1);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!data || verify.isPending || solved || drag.current) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const trackWidth = trackRef.current?.getBoundingClientRect().width ?? 0;
    drag.current = {
      pointerId: event.pointerId,
      clientX: event.clientX,
      clientY: event.clientY,
      startedAtMs: now(),
      // The picture may be drawn smaller than its pixels on a narrow screen.
      scale: trackWidth > 0 ? trackWidth / data.widthPx : 1,
      maxOffsetPx,
      trace: [{ x: 0, y: 0, tMs: 0 }],
    };
    setFailure(null);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    const point = tracePoint(current, event, now());
    current.trace.push(point);
    setOffsetPx(point.x);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId || !data) return;
    drag.current = null;
    const last = tracePoint(current, event, now());
    current.trace.push(last);
    setOffsetPx(last.x);
    verify.mutate(
      { challengeId: data.challengeId, offsetX: last.x, trace: thinTrace(current.trace) },
      {
        onSuccess: (value) => {
          setSolved(true);
          onSolved(value.challengeToken);
        },
        onError: (error) => {
          setFailure(error);
          newPuzzle();
        },
      },
    );
  };

  const onPointerCancel = () => {
    drag.current = null;
    setOffsetPx(0);
  };

  if (puzzle.isError) {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert">
          {t('load_failed')}: {errorText(t, puzzle.error)}
        </Alert>
        <Button variant="default" onClick={newPuzzle}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="sm" maw={data?.widthPx ?? 320} mx="auto" w="100%">
      <Box pos="relative" style={{ lineHeight: 0 }}>
        {data ? (
          <>
            <img
              src={data.backgroundImage}
              alt={t('picture')}
              width={data.widthPx}
              height={data.heightPx}
              draggable={false}
              style={{ width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
            />
            <img
              src={data.pieceImage}
              alt={t('piece')}
              draggable={false}
              style={{
                position: 'absolute',
                top: `${(data.pieceY / data.heightPx) * 100}%`,
                left: `${(offsetPx / data.widthPx) * 100}%`,
                width: `${(data.pieceSizePx / data.widthPx) * 100}%`,
                filter: 'drop-shadow(0 0 3px rgba(0,0,0,0.6))',
                pointerEvents: 'none',
              }}
            />
          </>
        ) : (
          <Skeleton height={160} radius="sm" />
        )}
        <ActionIcon
          variant="filled"
          color="dark"
          size="sm"
          pos="absolute"
          top={6}
          right={6}
          aria-label={t('refresh')}
          onClick={() => {
            setFailure(null);
            newPuzzle();
          }}
          loading={puzzle.isFetching}
          disabled={verify.isPending || solved}
        >
          ↻
        </ActionIcon>
      </Box>
      <Box
        ref={trackRef}
        pos="relative"
        h={TRACK_HEIGHT_PX}
        bg="var(--mantine-color-default-hover)"
        bd="1px solid var(--mantine-color-default-border)"
        style={{ borderRadius: TRACK_HEIGHT_PX / 2 }}
      >
        <Text
          size="xs"
          truncate="end"
          c="dimmed"
          ta="center"
          lh={`${TRACK_HEIGHT_PX}px`}
          // Starts right of the handle's resting place, so that the handle hides none of it.
          pl={data ? `${(data.pieceSizePx / data.widthPx) * 100}%` : TRACK_HEIGHT_PX}
          style={{ userSelect: 'none', pointerEvents: 'none' }}
        >
          {verify.isPending ? t('checking') : solved ? t('solved') : t('hint')}
        </Text>
        <Box
          role="slider"
          aria-label={t('handle')}
          aria-valuemin={0}
          aria-valuemax={maxOffsetPx}
          aria-valuenow={Math.round(offsetPx)}
          data-testid="slider-handle"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          pos="absolute"
          top={0}
          h={TRACK_HEIGHT_PX}
          bg={solved ? 'var(--mantine-color-green-filled)' : 'var(--mantine-primary-color-filled)'}
          c="var(--mantine-primary-color-contrast)"
          style={{
            left: data ? `${(offsetPx / data.widthPx) * 100}%` : 0,
            width: data ? `${(data.pieceSizePx / data.widthPx) * 100}%` : TRACK_HEIGHT_PX,
            borderRadius: TRACK_HEIGHT_PX / 2,
            // The browser must not scroll or zoom while a finger drags the handle.
            touchAction: 'none',
            cursor: data ? 'grab' : 'default',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            userSelect: 'none',
          }}
        >
          →
        </Box>
      </Box>
      {failure !== null && (
        <Text size="sm" c="red" role="alert" ta="center">
          {errorText(t, failure)}
        </Text>
      )}
    </Stack>
  );
}
