'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useUploadPrecheck } from '../profile/photo-upload';

type CameraProblem = 'blocked' | 'missing' | 'failed' | 'unsupported';

/** What the camera view shows: the choice, the live picture, or the selfie to check. */
type Stage =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'live' }
  | { kind: 'still'; blob: Blob; url: string; isMirrored: boolean };

const PROBLEM_TEXT: Record<
  CameraProblem,
  'cameraBlocked' | 'cameraMissing' | 'cameraFailed' | 'cameraUnsupported'
> = {
  blocked: 'cameraBlocked',
  missing: 'cameraMissing',
  failed: 'cameraFailed',
  unsupported: 'cameraUnsupported',
};

/** Why the camera did not start, from the browser's error. */
function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'blocked';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** The camera's picture as a JPEG, the right way round (the preview is mirrored, the selfie is not). */
function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || !canvas.width || !canvas.height) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
}

/**
 * Taking the verification selfie: the front camera through the browser (`getUserMedia`) with a
 * mirrored live picture, a face guide and the pose in the corner; a capture button, then the selfie
 * to check with retake and send. Where no camera may or can be used, a photo is taken or chosen with
 * the device's own picker (`capture="user"` opens the front camera on phones) and checked the same way.
 */
export function SelfieCamera(props: {
  poseImage: string;
  isSending: boolean;
  onSend: (selfie: Blob) => void;
}) {
  const t = useTranslations('Verification');
  const precheck = useUploadPrecheck();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const captureButton = useRef<HTMLButtonElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const ids = useId();

  const stopCamera = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);
  useEffect(() => stopCamera, [stopCamera]);
  // A still's address is given back once it is no longer shown.
  const stillUrl = stage.kind === 'still' ? stage.url : null;
  useEffect(() => () => (stillUrl ? URL.revokeObjectURL(stillUrl) : undefined), [stillUrl]);

  const openCamera = async () => {
    setProblem(null);
    setFileError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem('unsupported');
      return;
    }
    setStage({ kind: 'starting' });
    setAnnouncement(t('cameraStarting'));
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
        audio: false,
      });
      stream.current = media;
      setStage({ kind: 'live' });
      setAnnouncement('');
    } catch (error) {
      setStage({ kind: 'idle' });
      setProblem(problemOf(error));
      setAnnouncement('');
    }
  };

  // The live picture starts once its element is there.
  useEffect(() => {
    if (stage.kind !== 'live' || !video.current || !stream.current) return;
    video.current.srcObject = stream.current;
    void video.current.play().catch(() => undefined);
    captureButton.current?.focus();
  }, [stage.kind]);

  // The picture taken waits to be sent: the send button takes the focus once it is on screen.
  useEffect(() => {
    if (stage.kind === 'still') sendButton.current?.focus();
  }, [stage.kind]);

  const showStill = (blob: Blob, isMirrored: boolean) => {
    setStage({ kind: 'still', blob, url: URL.createObjectURL(blob), isMirrored });
    setAnnouncement(t('captured'));
  };

  const capture = async () => {
    if (!video.current) return;
    const blob = await captureFrame(video.current);
    if (!blob) return;
    stopCamera();
    showStill(blob, true);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied so that choosing the same file again counts as a new choice.
    event.target.value = '';
    if (!file) return;
    const refusal = precheck(file);
    if (refusal) {
      setFileError(refusal);
      return;
    }
    setFileError(null);
    stopCamera();
    showStill(file, false);
  };

  const retake = () => {
    const wasCamera = stage.kind === 'still' && stage.isMirrored;
    setStage({ kind: 'idle' });
    setAnnouncement('');
    if (wasCamera) void openCamera();
    else fileInput.current?.click();
  };

  const isLive = stage.kind === 'live' || stage.kind === 'starting';
  return (
    <div className="selfie-camera">
      <div className={`selfie-frame${stage.kind === 'idle' ? ' is-idle' : ''}`}>
        {isLive ? (
          <>
            <video
              ref={video}
              className="selfie-video"
              aria-label={t('cameraLabel')}
              playsInline
              muted
              autoPlay
            />
            <span className="selfie-guide" aria-hidden="true" />
          </>
        ) : null}
        {stage.kind === 'still' ? (
          // eslint-disable-next-line @next/next/no-img-element -- a picture of the device's own memory (blob:)
          <img
            src={stage.url}
            alt={t('selfieAlt')}
            className={`selfie-still${stage.isMirrored ? ' is-mirrored' : ''}`}
          />
        ) : null}
        {stage.kind === 'idle' ? (
          <div className="selfie-idle">
            <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
              <rect
                x="5"
                y="13"
                width="38"
                height="28"
                rx="7"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
              />
              <path
                d="M17 13l3-5h8l3 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
                strokeLinejoin="round"
              />
              <circle cx="24" cy="27" r="7.5" fill="none" stroke="currentColor" strokeWidth="3" />
            </svg>
            <button type="button" className="btn btn-primary" onClick={() => void openCamera()}>
              {t('openCamera')}
            </button>
          </div>
        ) : null}
        {stage.kind !== 'idle' ? (
          // eslint-disable-next-line @next/next/no-img-element -- a drawing shipped with the app
          <img src={props.poseImage} alt="" className="selfie-pose-corner" width={72} height={72} />
        ) : null}
      </div>

      <div className={`selfie-actions${stage.kind === 'idle' ? ' d-none' : ''}`}>
        {isLive ? (
          <button
            ref={captureButton}
            type="button"
            className="selfie-shutter"
            disabled={stage.kind === 'starting'}
            onClick={() => void capture()}
          >
            <span className="selfie-shutter-ring" aria-hidden="true" />
            <span className="visually-hidden">{t('capture')}</span>
          </button>
        ) : null}
        {stage.kind === 'still' ? (
          <>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={retake}
              disabled={props.isSending}
            >
              {t('retake')}
            </button>
            <button
              ref={sendButton}
              type="button"
              className="btn btn-primary"
              disabled={props.isSending}
              onClick={() => props.onSend(stage.blob)}
            >
              {props.isSending ? t('sending') : t('send')}
            </button>
          </>
        ) : null}
      </div>

      {problem ? (
        <p className="alert alert-warning py-2 mt-3 mb-0" role="alert">
          {t(PROBLEM_TEXT[problem])}
        </p>
      ) : null}
      {fileError ? (
        <p className="alert alert-danger py-2 mt-3 mb-0" role="alert">
          {fileError}
        </p>
      ) : null}

      <input
        ref={fileInput}
        id={`${ids}-file`}
        type="file"
        accept="image/*"
        capture="user"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('chooseFile')}
        onChange={onFile}
      />
      {stage.kind !== 'still' ? (
        <div className="selfie-upload">
          <button
            type="button"
            className={problem ? 'btn btn-primary' : 'btn btn-link selfie-upload-link'}
            onClick={() => fileInput.current?.click()}
          >
            {t('uploadInstead')}
          </button>
          {isLive ? (
            <button
              type="button"
              className="btn btn-link selfie-upload-link"
              onClick={() => {
                stopCamera();
                setStage({ kind: 'idle' });
              }}
            >
              {t('closeCamera')}
            </button>
          ) : null}
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
