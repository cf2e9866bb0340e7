-- Placeholder until this feature's tables land (see the feature's issue note).
SELECT 1;
