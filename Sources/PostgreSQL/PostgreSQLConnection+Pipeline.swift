import CPostgreSQL

extension PostgreSQLConnection {
    /// Sends the statements together and reads their results after one round trip (libpq's
    /// pipeline mode), instead of one round trip each. The server runs them in order; after one
    /// fails it skips the rest, so a pipelined `COMMIT` behind a failed statement never runs
    /// (an open transaction is left failed, for `ROLLBACK`). Throws the first failure.
    @discardableResult
    public func pipeline(_ statements: [PostgreSQLStatement]) throws -> [PostgreSQLResult] {
        guard PQenterPipelineMode(connection) == 1 else {
            throw PostgreSQLError(code: "", message: lastError, isConnectionLost: !isConnected)
        }
        var sent = 0
        var failure: PostgreSQLError?
        for statement in statements {
            let queued = try withParameters(statement.parameters) { values in
                switch statement.text {
                case .prepared(let name):
                    PQsendQueryPrepared(connection, name, Int32(values.count), values, nil, nil, 0)
                case .planned(let sql):
                    PQsendQueryParams(connection, sql, Int32(values.count), nil, values, nil, nil, 0)
                }
            }
            guard queued == 1 else {
                failure = PostgreSQLError(
                    code: "", message: lastError, sql: statement.label, isConnectionLost: !isConnected)
                break
            }
            sent += 1
        }
        guard PQpipelineSync(connection) == 1 else { throw broken(failure) }
        var results: [PostgreSQLResult] = []
        results.reserveCapacity(sent)
        for statement in statements.prefix(sent) {
            // A statement's result, then a null that ends it.
            guard let result = PQgetResult(connection) else { throw broken(failure) }
            let owned = PostgreSQLResult(result)
            while let extra = PQgetResult(connection) { PQclear(extra) }
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK: results.append(owned)
            case PGRES_PIPELINE_ABORTED:
                if failure == nil { failure = PostgreSQLError(code: "", message: "skipped after a failure") }
            default:
                if failure == nil { failure = self.failure(of: result, sql: statement.label) }
            }
        }
        guard let sync = PQgetResult(connection) else { throw broken(failure) }
        let status = PQresultStatus(sync)
        PQclear(sync)
        guard status == PGRES_PIPELINE_SYNC, PQexitPipelineMode(connection) == 1 else { throw broken(failure) }
        if let failure { throw failure }
        return results
    }

    /// A pipeline read out of step: the connection is given up (`isConnected` turns false).
    private func broken(_ failure: PostgreSQLError?) -> PostgreSQLError {
        isBroken = true
        var error = failure ?? PostgreSQLError(code: "", message: lastError)
        error.isConnectionLost = true
        return error
    }
}
