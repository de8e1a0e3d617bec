-- Run once by the postgres image on an empty volume (docker-entrypoint-initdb.d):
-- the API server's threads, runs and checkpoints get a database of their own.
CREATE DATABASE veridict_api;
