import { useCallback, useEffect, useRef, useState } from 'react';

export interface DeviceChoice {
  deviceId: string;
  label: string;
}

export type CameraState =
  | { status: 'starting' }
  | { status: 'ready'; media: MediaStream }
  | { status: 'denied' | 'missing' | 'unsupported' };

/**
 * The camera and microphone for the preview and the stream: `getUserMedia` with the
 * chosen devices (the browser's default until one is chosen), the lists of cameras and
 * microphones (`enumerateDevices`; their names only show once access was given), and a
 * fresh stream whenever a choice changes. The tracks stop when the page goes.
 */
export function useCamera() {
  const [cameraId, setCameraId] = useState('');
  const [micId, setMicId] = useState('');
  const [cameras, setCameras] = useState<DeviceChoice[]>([]);
  const [mics, setMics] = useState<DeviceChoice[]>([]);
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const current = useRef<MediaStream | null>(null);

  const listDevices = useCallback(async () => {
    const devices = await navigator.mediaDevices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
    const pick = (kind: MediaDeviceKind) => devices.filter((device) => device.kind === kind && device.deviceId).map((device) => ({ deviceId: device.deviceId, label: device.label }));
    setCameras(pick('videoinput'));
    setMics(pick('audioinput'));
  }, []);

  useEffect(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'unsupported' });
      return;
    }
    let live = true;
    setState({ status: 'starting' });
    const constraints: MediaStreamConstraints = {
      video: { ...(cameraId ? { deviceId: { exact: cameraId } } : {}), width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } },
      audio: { ...(micId ? { deviceId: { exact: micId } } : {}), echoCancellation: true, noiseSuppression: true },
    };
    navigator.mediaDevices.getUserMedia(constraints).then(
      (media) => {
        if (!live) return media.getTracks().forEach((track) => track.stop());
        current.current?.getTracks().forEach((track) => track.stop());
        current.current = media;
        setState({ status: 'ready', media });
        void listDevices();
      },
      (error: unknown) => {
        if (!live) return;
        const name = error instanceof DOMException ? error.name : '';
        setState({ status: name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'denied' });
      },
    );
    return () => {
      live = false;
    };
  }, [cameraId, micId, attempt, listDevices]);

  useEffect(() => {
    const devices = navigator.mediaDevices;
    if (!devices?.addEventListener) return;
    const changed = () => void listDevices();
    devices.addEventListener('devicechange', changed);
    return () => devices.removeEventListener('devicechange', changed);
  }, [listDevices]);

  // The tracks end with the page.
  useEffect(() => () => current.current?.getTracks().forEach((track) => track.stop()), []);

  return { state, cameras, mics, cameraId, micId, setCameraId, setMicId, retry: () => setAttempt((count) => count + 1) };
}
