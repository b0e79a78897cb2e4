/**
 * The notification sound (widget setting "enable sound"): a short soft tone made on the spot,
 * so the widget downloads no audio file. Browsers that block sound before a click stay silent.
 */
export function chime() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 880;
    volume.gain.setValueAtTime(0.08, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
    tone.onended = () => void audio.close();
  } catch {
    // No Web Audio here: no sound.
  }
}
